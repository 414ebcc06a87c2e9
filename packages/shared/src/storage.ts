/**
 * `detail` texts of the storage protocol's problem responses (the resumable upload and download
 * addresses). Clients act on the status code, as with Google Cloud Storage; these say why.
 */
export const storageMessages = {
  missingResumableStart: 'Start an upload with a POST carrying the header x-goog-resumable: start.',
  badSignature: 'The address is invalid or has expired.',
  badContentType: 'The content type is not valid.',
  sessionNotFound: 'The upload session does not exist or has expired.',
  objectNotFound: 'The file does not exist.',
  badUploadLength: 'The X-Upload-Content-Length header is not a byte count.',
  malformedRange: 'The Content-Range header is malformed.',
  tooLarge: 'The file is too large.',
  totalChanged: 'The total size differs from the one declared earlier.',
  rangeBeyondTotal: 'The range ends beyond the total size.',
  lengthMismatch: 'The body length does not match the Content-Range header.',
  gap: (start: number, stored: number) =>
    `The chunk starts at byte ${start} but only ${stored} bytes are stored; resume from the stored range.`,
  storedBeyondTotal: 'More bytes are stored than the total size.',
  storageFull: 'The server has no room left to store the file.',
  unsatisfiableRange: 'The requested range is not satisfiable.',
} as const;
