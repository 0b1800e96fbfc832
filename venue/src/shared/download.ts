/**
 * The file name a `Content-Disposition` header gives, if any: the UTF-8 one of RFC 6266
 * (`filename*=UTF-8''inscri%C3%A7%C3%B5es.xlsx`, a name with accents) before the plain quoted one
 * (`filename="clientes.csv"`).
 */
export const dispositionFileName = (disposition: unknown): string | undefined => {
  if (typeof disposition !== 'string') return undefined;
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed UTF-8 name: the quoted one.
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1];
};

/** Saves bytes the page holds as a file: through an object URL and a link's `download`, then revoked. */
export const saveBlob = (data: BlobPart, type: string, fileName: string): void => {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};
