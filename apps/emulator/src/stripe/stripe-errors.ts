// Stripe's error bodies: { error: { type, code?, decline_code?, param?, message, doc_url? } } with
// the status Stripe gives each kind (400 invalid request, 401 auth, 402 card, 404 missing).

/** An error the API answers; thrown by handlers and state methods, sent by the route wrapper. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly declineCode: string | undefined;

  constructor(
    status: number,
    type: string,
    message: string,
    extra: { code?: string; param?: string; declineCode?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = extra.code;
    this.param = extra.param;
    this.declineCode = extra.declineCode;
  }

  /** The JSON body, with Stripe's field order and only the fields Stripe would send. */
  body(requestId?: string): { error: Record<string, string> } {
    const error: Record<string, string> = {};
    if (this.code) error.code = this.code;
    if (this.declineCode) error.decline_code = this.declineCode;
    if (this.code)
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    error.message = this.message;
    if (this.param) error.param = this.param;
    if (requestId)
      error.request_log_url = `https://dashboard.stripe.com/test/logs/${requestId}?t=0`;
    error.type = this.type;
    return { error };
  }
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeApiError(400, 'invalid_request_error', message, extra);

export const stripeErrors = {
  missingKey: () =>
    new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    ),
  invalidKey: (key: string) =>
    new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${maskKey(key)}`),
  /** An id in the path that does not exist (404, param id). */
  noSuch: (kind: string, id: string, param = 'id') =>
    new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
      code: 'resource_missing',
      param,
    }),
  /** An id in the parameters that does not exist (400, param names it). */
  noSuchParam: (kind: string, id: string, param: string) =>
    invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }),
  missingParam: (param: string) =>
    invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param }),
  unknownParam: (param: string) =>
    invalid(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param }),
  invalidInteger: (param: string, value: string) =>
    invalid(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param }),
  invalidBoolean: (param: string, value: string) => invalid(`Invalid boolean: ${value}`, { param }),
  invalidEnum: (param: string, allowed: readonly string[]) =>
    invalid(
      `Invalid ${param}: must be one of ${allowed.slice(0, -1).join(', ')}${allowed.length > 1 ? ', or ' : ''}${allowed.at(-1)}`,
      { param },
    ),
  emptyString: (param: string) =>
    invalid(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      { code: 'parameter_invalid_empty', param },
    ),
  exclusive: (params: readonly string[]) =>
    invalid(`You may only specify one of these parameters: ${params.join(', ')}.`, {
      code: 'parameters_exclusive',
      param: params[0]!,
    }),
  invalid,
  cannotExpand: (path: string) => invalid(`This property cannot be expanded (${path}).`),
  unrecognizedUrl: (method: string, url: string) =>
    new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${url}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    ),
  idempotencyMismatch: (key: string) =>
    new StripeApiError(
      400,
      'idempotency_error',
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    ),
  card: (message: string, code: string, param?: string, declineCode?: string) =>
    new StripeApiError(402, 'card_error', message, {
      code,
      ...(param ? { param } : {}),
      ...(declineCode ? { declineCode } : {}),
    }),
  apiError: () => new StripeApiError(500, 'api_error', 'An unknown error occurred', {}),
};

/** sk_test_abcd…wxyz → sk_test_****…wxyz, the way Stripe masks a wrong key. */
function maskKey(key: string): string {
  const match = /^((?:sk|rk|pk)_(?:test|live)_)(.*)$/.exec(key);
  const prefix = match ? match[1]! : '';
  const rest = match ? match[2]! : key;
  if (rest.length <= 4) return `${prefix}${rest}`;
  return `${prefix}${'*'.repeat(rest.length - 4)}${rest.slice(-4)}`;
}
