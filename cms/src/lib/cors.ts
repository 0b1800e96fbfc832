/**
 * Origins allowed to call the API from another origin, with credentials (CORS): the product's own
 * (PUBLIC_URL, and localhost/127.0.0.1 on PORT) plus CORS_ORIGINS, a comma-separated list of
 * origins such as `https://parceiro.exemplo.com.br`. Any other Origin — `null` included — gets no
 * CORS headers, so a browser keeps that page from reading the answers.
 */
export const corsOrigins = (env: Record<string, string | undefined>): string[] => {
  const own = [`http://localhost:${env.PORT || '1337'}`, `http://127.0.0.1:${env.PORT || '1337'}`];
  const listed = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const origins = [...(env.PUBLIC_URL ? [env.PUBLIC_URL] : []), ...listed].map((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`CORS_ORIGINS and PUBLIC_URL take origins like https://eventos.exemplo.com.br; '${value}' is not one.`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`CORS_ORIGINS: '${value}' is not an http(s) origin.`);
    return url.origin;
  });
  return [...new Set([...own, ...origins])];
};
