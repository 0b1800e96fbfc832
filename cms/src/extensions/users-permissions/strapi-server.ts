/**
 * users-permissions stays for what the stock content API needs from it (roles and permissions of
 * API consumers), but its own accounts are not a way in: the product signs staff and clients in at
 * /auth. Its content-API routes (`/api/auth/local`, `/api/auth/local/register`, password reset,
 * `/api/users`, `/api/users-permissions/*`) are not offered, so nobody can create a confirmed
 * account the product never uses. API tokens (an admin feature) keep the content API working.
 */
interface RoutesOf {
  routes: unknown[];
}
interface SchemaOf {
  schema: { pluginOptions?: Record<string, unknown> };
}

export default <Plugin extends { routes: Record<string, RoutesOf | unknown>; contentTypes: Record<string, SchemaOf | unknown> }>(
  plugin: Plugin,
): Plugin => {
  const contentApi = plugin.routes['content-api'] as RoutesOf | undefined;
  if (contentApi) contentApi.routes = [];
  // Its User type holds no account of the product: hidden from the Content Manager and the
  // Content-Type Builder so nobody edits accounts there that sign nobody in (decision 019).
  const user = plugin.contentTypes.user as SchemaOf | undefined;
  if (user) {
    user.schema.pluginOptions = {
      ...user.schema.pluginOptions,
      'content-manager': { visible: false },
      'content-type-builder': { visible: false },
    };
  }
  return plugin;
};
