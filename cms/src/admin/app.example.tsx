// The stock admin is used as it ships (Content Manager on every content type).
// Rename to app.tsx to customise it: https://docs.strapi.io/cms/admin-panel-customization
export default {
  config: { locales: ['pt-BR'] },
  bootstrap() {},
};
