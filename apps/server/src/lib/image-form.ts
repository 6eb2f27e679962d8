import { UPLOAD_MESSAGES } from '@fleet/shared';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors.ts';

/** Multipart errors (@fastify/multipart's codes) in words; the file's own size has its message in the contract. */
function multipartRefusal(err: unknown): ApiError {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, UPLOAD_MESSAGES.tooBig);
  if (code === 'FST_FILES_LIMIT') return new ApiError(413, 'Send one image at a time.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new ApiError(413, 'The form has too many fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ApiError(415, 'Send the image as multipart/form-data.');
  return badRequest('The upload could not be read. Send it again.');
}

/**
 * Reads a multipart form of one image (the part named 'image') and its text fields. The route's
 * scope registers @fastify/multipart with its limits; a part over them is refused in words.
 */
export async function readImageForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Buffer | null }> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the image as multipart/form-data.');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw badRequest(UPLOAD_MESSAGES.noFile);
        bytes = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw err instanceof ApiError ? err : multipartRefusal(err);
  }
  return { fields, bytes };
}
