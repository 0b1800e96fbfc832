import type { Plugin } from 'vite';

/**
 * axios picks the first adapter the environment supports from ['xhr', 'http', 'fetch']: in a
 * browser always XMLHttpRequest, and the venue never asks for another. Its fetch adapter (~5 KB
 * gzipped, decision 037) is left out of the build: `getFetch` answers false, as it does where
 * fetch is missing, so a request that asked for it would fail with axios's own 'not supported'
 * error. Development and the tests keep the whole of axios.
 */
export const axiosWithoutFetch = (): Plugin => ({
  name: 'plataforma:axios-without-fetch',
  apply: 'build',
  enforce: 'pre',
  load: (id) =>
    /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/.test(id)
      ? 'export const getFetch = () => false;\nexport default false;\n'
      : null,
});
