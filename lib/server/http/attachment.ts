/** Content-Disposition of a download: the plain filename= for clients without RFC 5987, then filename*=UTF-8''. */
export function attachmentHeader(asciiName: string, utf8Name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(utf8Name)}`;
}

/** A file download: the bytes with Content-Disposition attachment and the name in its RFC 6266 UTF-8 form. */
export function attachment(bytes: Uint8Array, filename: string, contentType: string): Response {
  // The plain filename= is for clients without RFC 5987: the ASCII part of the name (发票-2634….pdf → 2634….pdf).
  const ascii = filename.replace(/[^\x20-\x7e]|["\\;]/g, '').replace(/^[-_ .]+/, '') || 'download';
  const body = new Uint8Array(bytes).buffer; // a copy the response owns
  return new Response(body, {
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.byteLength),
      'content-disposition': attachmentHeader(ascii, filename),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
