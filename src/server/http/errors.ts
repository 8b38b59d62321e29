/**
 * Turns every failure into a catalogue error reply `{ error_type, message, errors?, detail? }`
 * with a fitting status. Nothing a client sends can produce an unhandled 500 or a
 * stack trace; unexpected failures are logged with the request id and reported as
 * internal_error. A database that cannot be reached, or a connection lost mid-request,
 * answers 503 service_unavailable with Retry-After and one log line naming the cause
 * (ADR 030).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { AppError, type ErrorType } from '../../domain/errors.ts';
import { fieldErrorsFromZod } from '../../domain/schemas/field-errors.ts';
import { connectionFailure } from '../db/connection-errors.ts';

/** Seconds a client is asked to wait after a 503 for a lost database. */
export const RETRY_AFTER_SECONDS = 5;

const FASTIFY_CODES: Record<string, ErrorType> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_TYPE: 'bad_request',
  FST_ERR_BAD_URL: 'not_found',
  FST_ERR_MAX_PARAM_LENGTH: 'not_found',
  FST_ERR_VALIDATION: 'bad_request',
};

/** The catalogue error for anything thrown while handling a request. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // $ZodError: classic and zod/mini errors alike (the shared schemas are mini).
  if (error instanceof $ZodError)
    return new AppError('validation', { errors: fieldErrorsFromZod(error) });
  const fastifyError = error as Partial<FastifyError> | undefined;
  const mapped = fastifyError?.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error instanceof SyntaxError && (fastifyError?.statusCode ?? 0) === 400) {
    return new AppError('bad_request');
  }
  const status = fastifyError?.statusCode;
  if (status === 413) return new AppError('payload_too_large');
  if (status === 415) return new AppError('unsupported_media_type');
  if (status === 404) return new AppError('not_found');
  if (status !== undefined && status >= 400 && status < 500) {
    return new AppError('bad_request', { status });
  }
  return new AppError('internal_error');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let appError = toAppError(error);
    const lost = appError.type === 'internal_error' ? connectionFailure(error) : null;
    if (lost) {
      // The statement's values stay out: only what failed, and that the reply says so.
      request.log.error(
        { database: lost },
        'database unavailable (connection refused or lost): answered 503 service_unavailable',
      );
      appError = new AppError('service_unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info(
        {
          error_type: appError.type,
          status: appError.status,
          fields: appError.errors ? Object.keys(appError.errors) : undefined,
        },
        'request refused',
      );
    }
    return reply.status(appError.status).send(appError.toBody());
  });
}

/**
 * Fastify's `frameworkErrors`: what fails before routing (a malformed percent-encoding in
 * the path, a path parameter over the router's length limit) is answered as not_found in
 * the catalogue's format, like any other path that names nothing, not in Fastify's own.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const appError = toAppError(error);
  return reply.status(appError.status).send(appError.toBody());
}
