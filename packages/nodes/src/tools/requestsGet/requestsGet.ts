import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { requestInputs, requestTool, type RequestKind } from '../request-tool.js';
import type { ToolHandle } from '../tool.js';

export const REQUESTS_GET_DESCRIPTION =
  'Fetches a web page or API with an HTTP GET request. Use it to read specific content from a website. Input should be a URL (e.g. https://example.com). The output is the text of the response.';

const KIND: RequestKind = {
  method: 'GET',
  prefix: 'requestsGet',
  defaultName: 'requests_get',
  defaultDescription: REQUESTS_GET_DESCRIPTION,
};

/**
 * HTTP GET for agents, only through the run's address-guarded client. Version 2 has Flowise's v2
 * inputs (`requestsGetUrl`…); flows saved with version 1 (`url`, `headers`, `description`) still run.
 */
export const requestsGet: NodeType = {
  icon: badgeIcon('GET', '#2e7d32'),
  definition: {
    label: 'Requests Get',
    name: 'requestsGet',
    version: 2,
    type: 'RequestsGet',
    category: 'Tools',
    baseClasses: ['RequestsGet', 'Tool', 'StructuredTool', 'BaseLangChain'],
    description: 'Execute HTTP GET requests',
    inputs: requestInputs(KIND),
  },
  init: (ctx): ToolHandle => requestTool(ctx, KIND),
};
