// Answers and error bodies, shaped as service-notes.md documents them, so a client written
// against the emulator copes with the real service's failures too.

export interface ApiResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(String(body.message));
  }
  toResponse(): ApiResponse {
    return { status: this.status, body: this.body, headers: this.headers };
  }
}

/** A success answer; `data` undefined means no `data` key at all (the spec's race case). */
export function ok(message: string, data?: unknown): ApiResponse {
  return { status: 200, body: data === undefined ? { message } : { message, data } };
}

export const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again later.';

export function notFound(entity: string): ApiError {
  return new ApiError(404, { message: `${entity} not found.`, error_code: 'not_found' });
}

export function validationFailed(errors: Record<string, string[]>): ApiError {
  return new ApiError(422, { message: 'Validation failed.', error_code: 'validation_error', errors });
}

/** 422 for a refused state move: the documented codes carry no `errors` map. */
export function stateError(errorCode: 'campaign_not_sendable' | 'campaign_not_scheduled', message: string): ApiError {
  return new ApiError(422, { message, error_code: errorCode });
}

export function badRequest(errorCode: string, message: string): ApiError {
  return new ApiError(400, { message, error_code: errorCode });
}

export function unauthorized(message: 'API key is required.' | 'Invalid API key.'): ApiError {
  return new ApiError(401, { message });
}

export function forbidden(errorCode: 'insufficient_scope', message: string): ApiError {
  return new ApiError(403, { message, error_code: errorCode });
}

/** The docs' sandbox refusal (spec 9.1): `status: "error"` beside the code. */
export function sandboxRefused(message = 'Sandbox API keys cannot perform this operation.'): ApiError {
  return new ApiError(403, { status: 'error', error_code: 'sandbox_restricted', message });
}

/** A success answer with another status than 200 (201 on create, 202 on campaign send). */
export function answer(status: number, message: string, data?: unknown): ApiResponse {
  return { status, body: data === undefined ? { message } : { message, data } };
}

/** 204: the server writes no body at all. */
export function noContent(): ApiResponse {
  return { status: 204, body: {} };
}

export function errorWith(status: number, errorCode: string, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError(status, { message, error_code: errorCode }, headers);
}

/** The generic failure body: `send_error` is the service's generic 500 code (service-api-rest 4, 9.2). */
export function unexpected(status = 500): ApiResponse {
  return { status, body: { message: UNEXPECTED_MESSAGE, error_code: 'send_error' } };
}
