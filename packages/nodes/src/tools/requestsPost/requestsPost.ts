import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { requestInputs, requestTool, type RequestKind } from '../request-tool.js';
import type { ToolHandle } from '../tool.js';

export const REQUESTS_POST_DESCRIPTION =
  'Sends an HTTP POST request with a JSON body. Use it to submit data to a website or API. Input should be the URL and the JSON data to send. The output is the text of the response.';

const KIND: RequestKind = {
  method: 'POST',
  prefix: 'requestsPost',
  defaultName: 'requests_post',
  defaultDescription: REQUESTS_POST_DESCRIPTION,
};

/**
 * HTTP POST (JSON) for agents, only through the run's address-guarded client. Version 2 has
 * Flowise's v2 inputs (`requestsPostUrl`, `requestPostBody`…); version 1 flows (`url`, `body`…) still run.
 */
export const requestsPost: NodeType = {
  icon: badgeIcon('POST', '#ef6c00'),
  definition: {
    label: 'Requests Post',
    name: 'requestsPost',
    version: 2,
    type: 'RequestsPost',
    category: 'Tools',
    baseClasses: ['RequestsPost', 'Tool', 'StructuredTool', 'BaseLangChain'],
    description: 'Execute HTTP POST requests',
    inputs: requestInputs(KIND),
  },
  init: (ctx): ToolHandle => requestTool(ctx, KIND),
};
