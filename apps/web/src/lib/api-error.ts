/** An HTTP failure as the web app sees it: status (0 = no HTTP answer), stable code, message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly issues: { path: string; message: string }[] | undefined;
  /** Data that helps recover, e.g. the other person's draft on a `draft-conflict`. */
  readonly details: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string;
    issues?: { path: string; message: string }[];
    details?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.issues = init.issues;
    this.details = init.details;
  }
}

/** Whether `err` is an ApiError, optionally with the given status. */
export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
