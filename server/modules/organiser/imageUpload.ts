import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { HttpError } from '../../http/errors';

/** Formats we accept, as sharp names them after reading the bytes (never the file name or its type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Stored images are re-encoded to at most this size (bigger is never shown) as WebP. */
const STORED_MAX_PX = 2000;

export type ImageUpload = { bytes: Buffer; fields: Record<string, string> };

/**
 * Reads a multipart upload with exactly one file in `fieldName` (at most `maxBytes`) and any plain
 * fields. Refusals are clear 4xx answers: not multipart, a file in another field, no file, too big.
 */
export async function readImageUpload(
  request: FastifyRequest,
  fieldName: string,
  maxBytes: number,
): Promise<ImageUpload> {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  if (!request.isMultipart()) {
    throw new HttpError(400, `Send the image as multipart/form-data in the '${fieldName}' field.`);
  }
  let bytes: Buffer | null = null;
  let strayField: string | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const content = await part.toBuffer();
      if (part.fieldname === fieldName) bytes = content;
      else strayField = part.fieldname;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The image is too large: the limit is ${megabytes} MB.`);
    }
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Send one image at a time.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'Too many form fields.');
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The upload could not be read. Please choose the image again.');
  }
  if (!bytes) {
    if (strayField)
      throw new HttpError(400, `Send the image in the '${fieldName}' field (got '${strayField}').`);
    throw new HttpError(400, 'Please select an image first!');
  }
  if (bytes.length === 0) throw new HttpError(400, 'The selected file is empty.');
  return { bytes, fields };
}

/**
 * Checks that the bytes are an image by decoding them with sharp (content decides: a photo named
 * .txt is fine, text named .png is not), then re-encodes as WebP: orientation applied, metadata
 * (camera GPS and the like) dropped, at most 2000 px on a side.
 */
export async function normaliseImage(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes).metadata());
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new HttpError(400, 'Only image files can be uploaded (JPEG, PNG, WebP, GIF, AVIF or HEIC).');
  }
  try {
    return await sharp(bytes)
      .rotate()
      .resize({ width: STORED_MAX_PX, height: STORED_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new HttpError(400, 'This image could not be read. It may be damaged; please try another file.');
  }
}
