/// <reference path="../pb_data/types.d.ts" />
// Request bodies that are not file uploads (JSON, url-encoded forms) are small in Chorus: anything over
// 1 MB is refused at once with 413, before it is read. Multipart uploads keep PocketBase's per-field limits.
routerUse(
  new Middleware(
    (e) => {
      const MAX_BYTES = 1024 * 1024;
      const type = String(e.request.header.get('Content-Type')).toLowerCase();
      if (type.indexOf('multipart/form-data') === -1 && e.request.contentLength > MAX_BYTES) {
        throw new ApiError(413, 'The request is too large (at most 1 MB, files excepted).', {});
      }
      return e.next();
    },
    -1090, // right after the trusted client address, before the rate limiter and anything reads the body
    'chorusJsonBodyLimit',
  ),
);
