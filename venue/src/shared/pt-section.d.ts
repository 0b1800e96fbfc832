/** A section of the PT pack as its own module (vite.config.ts `ptSections`): the commerce screens' texts. */
declare module 'virtual:pt-section/commerce' {
  const section: (typeof import('./i18n/locales/pt.json'))['commerce'];
  export default section;
}
