/** The JSON error body of every API route (Flowise shape). */
export interface ApiErrorBody {
  statusCode: number;
  success: false;
  message: string;
  /** Set on 401 "Token Expired": the client may refresh once and retry. */
  retry?: boolean;
  /** Set on 401 with an address the client should go to. */
  redirectTo?: string;
  error?: string;
}
