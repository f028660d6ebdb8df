import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { requestInputs, requestTool, type RequestKind } from '../request-tool.js';
import type { ToolHandle } from '../tool.js';

export const REQUESTS_DELETE_DESCRIPTION =
  'Sends an HTTP DELETE request. Use it to remove a resource of a website or API. The output is the text of the response.';

const KIND: RequestKind = {
  method: 'DELETE',
  prefix: 'requestsDelete',
  defaultName: 'requests_delete',
  defaultDescription: REQUESTS_DELETE_DESCRIPTION,
};

/** HTTP DELETE for agents, only through the run's address-guarded client. */
export const requestsDelete: NodeType = {
  icon: badgeIcon('DEL', '#c62828'),
  definition: {
    label: 'Requests Delete',
    name: 'requestsDelete',
    version: 1,
    type: 'RequestsDelete',
    category: 'Tools',
    baseClasses: ['RequestsDelete', 'Tool', 'StructuredTool', 'BaseLangChain'],
    description: 'Execute HTTP DELETE requests',
    inputs: requestInputs(KIND),
  },
  init: (ctx): ToolHandle => requestTool(ctx, KIND),
};
