/** A section of the PT pack as its own module (vite.config.ts `ptSections`): the commerce screens' texts. */
declare module 'virtual:pt-section/commerce' {
  const section: (typeof import('./i18n/locales/pt.json'))['commerce'];
  export default section;
}
/** The attendance certificates' texts (the panel in 'Meus eventos' and the public verification page). */
declare module 'virtual:pt-section/certificates' {
  const section: (typeof import('./i18n/locales/pt.json'))['certificates'];
  export default section;
}
