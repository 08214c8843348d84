import express, { type RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from './errors';

/** Default cap for form and JSON bodies: a contact message is at most a few KB. */
export const defaultBodyLimitBytes = 32 * 1024;

const tooLarge = () => new AppError(413, 'payload_too_large', 'The request body is too large.');

// Multer's own error codes: the size and count ones are "too large", the rest a malformed form.
const multerTooLarge = new Set(['LIMIT_PART_COUNT', 'LIMIT_FIELD_KEY', 'LIMIT_FIELD_VALUE', 'LIMIT_FIELD_COUNT', 'LIMIT_FILE_SIZE']);

/**
 * Multipart fields only, never files. Multer has no total-size limit, so a declared Content-Length over the cap is
 * refused before reading; a chunked body is still bounded by fields x fieldSize.
 */
function multipartFields(limitBytes: number): RequestHandler {
  const parse = multer({
    limits: { fieldSize: limitBytes, fields: 20, fieldNameSize: 100, parts: 20, files: 0 },
  }).none();
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    if (Number(req.get('content-length') ?? 0) > limitBytes) return next(tooLarge());
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (multerTooLarge.has(err.code)) return next(tooLarge());
        if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') {
          return next(new AppError(400, 'files_not_accepted', 'This form accepts text fields only, not files.'));
        }
      }
      // Busboy's own complaints: missing boundary, truncated form, malformed part headers.
      next(new AppError(400, 'invalid_multipart', 'The multipart form data could not be read.'));
    });
  };
}

/** Runs after the parsers: a body none of them took (wrong type, or no body at all) is a 415, never a 500 later. */
function requireParsed(message: string): RequestHandler {
  return (req, _res, next) => {
    if (req.body !== undefined) return next();
    next(new AppError(415, 'unsupported_media_type', message));
  };
}

/**
 * A route that reads a JSON body, the one way every JSON route does it: at most `limitBytes`, and any other type
 * (or none) refused with a 415 that says what to send, e.g. jsonBody(8 * 1024, 'the profile changes').
 */
export function jsonBody(limitBytes: number, what: string): RequestHandler[] {
  return [express.json({ limit: limitBytes }), requireParsed(`Send ${what} as application/json.`)];
}

/** A route that reads form fields: parses JSON, urlencoded or multipart, and refuses any other body type. */
export function formBody(limitBytes = defaultBodyLimitBytes): RequestHandler[] {
  return [
    express.json({ limit: limitBytes }),
    express.urlencoded({ extended: false, limit: limitBytes, parameterLimit: 20 }),
    multipartFields(limitBytes),
    requireParsed('Send the form as application/json, application/x-www-form-urlencoded or multipart/form-data.'),
  ];
}
