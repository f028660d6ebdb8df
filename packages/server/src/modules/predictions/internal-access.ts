import { AppError } from '../../errors.js';
import type { AuthContext } from '../auth/auth.service.js';
import { assertFlowPermission } from '../chat-messages/flow-scope.js';
import type { FlowRow } from './prediction.service.js';

/**
 * Who may run a flow through `POST /internal-prediction/:id` (issue 10): a caller of the flow's
 * workspace holding the view permission of the flow's own family (`assistants:view` does not run a
 * chatflow) and, when the caller is an API key and the flow is bound to a key, that very key — the
 * same refusal as `/prediction/:id`. Web-app sessions are not API keys: members still test bound
 * flows from the canvas.
 */
export function assertMayRunInternally(ctx: AuthContext, flow: FlowRow): void {
  assertFlowPermission(ctx, flow, 'view');
  if (ctx.kind === 'apiKey' && flow.apikeyid && flow.apikeyid !== ctx.apiKeyId) {
    throw new AppError(
      'UNAUTHORIZED',
      'Unauthorized: this flow needs its API key (Authorization: Bearer <key>)',
    );
  }
}
