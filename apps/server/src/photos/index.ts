/**
 * Photos (issue 23): what an upload is (formats.ts), making it fit to publish (process.ts), where
 * the files live (storage/), and the rows that say who uploaded what (photos.service.ts in
 * routes/photos). This file is what the rest of the server uses.
 */
export { sniff, SNIFF_BYTES, type PhotoFormat, type Sniffed } from './formats';
export { MAX_INPUT_PIXELS, PhotoError, processPhoto, type PhotoVariant, type ProcessedPhoto } from './process';
export { contentTypeOf, openPhotoStore, PHOTO_KEY, type PhotoStore } from './storage';
