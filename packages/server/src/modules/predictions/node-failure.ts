import { SandboxBusyError, type NodeExecutionError } from '@flowloom/engine';
import { AppError } from '../../errors.js';

/**
 * The API error for a node that failed at run time: 503 when the server was at capacity (the code
 * sandbox refused the run as busy; trying again shortly may succeed), 500 otherwise. The message
 * names the node either way.
 */
export function nodeFailure(error: NodeExecutionError): AppError {
  const busy = error.cause instanceof SandboxBusyError;
  return new AppError(busy ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', error.message, { cause: error });
}
