import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { requestInputs, requestTool, type RequestKind } from '../request-tool.js';
import type { ToolHandle } from '../tool.js';

export const REQUESTS_PUT_DESCRIPTION =
  'Sends an HTTP PUT request with a JSON body. Use it to update or replace a resource of a website or API. The output is the text of the response.';

const KIND: RequestKind = {
  method: 'PUT',
  prefix: 'requestsPut',
  defaultName: 'requests_put',
  defaultDescription: REQUESTS_PUT_DESCRIPTION,
};

/** HTTP PUT (JSON) for agents, only through the run's address-guarded client. */
export const requestsPut: NodeType = {
  icon: badgeIcon('PUT', '#1565c0'),
  definition: {
    label: 'Requests Put',
    name: 'requestsPut',
    version: 1,
    type: 'RequestsPut',
    category: 'Tools',
    baseClasses: ['RequestsPut', 'Tool', 'StructuredTool', 'BaseLangChain'],
    description: 'Execute HTTP PUT requests',
    inputs: requestInputs(KIND),
  },
  init: (ctx): ToolHandle => requestTool(ctx, KIND),
};
