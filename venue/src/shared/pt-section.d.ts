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
/** The public site's texts (catalogue, event page, account, site pages). */
declare module 'virtual:pt-section/site' {
  const section: (typeof import('./i18n/locales/pt.json'))['site'];
  export default section;
}
/** The stand page's texts. */
declare module 'virtual:pt-section/stand' {
  const section: (typeof import('./i18n/locales/pt.json'))['stand'];
  export default section;
}
/** The lecture screens' texts. */
declare module 'virtual:pt-section/lecture' {
  const section: (typeof import('./i18n/locales/pt.json'))['lecture'];
  export default section;
}
/** The speakers' directory's texts. */
declare module 'virtual:pt-section/speakerDirectory' {
  const section: (typeof import('./i18n/locales/pt.json'))['speakerDirectory'];
  export default section;
}
