/** The uploads module's door: images checked by their bytes, stored behind ImageStore, served back to the same site. */
export { uploadsRoutes } from './uploads.routes.ts';
export { uploadsRepository, type UploadsRepository } from './uploads.repository.ts';
export { uploadsService, type UploadsService } from './uploads.service.ts';
export { folderImageStore, s3ImageStore, type ImageStore, type S3Settings } from './image-store.ts';
export { checkImage, sniffImage } from './image-check.ts';
