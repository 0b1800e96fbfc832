import { loadSettings } from '../src/lib/settings';

export default () => {
  // Each boot reads the environment first: a malformed setting stops the start here, named.
  const { secrets } = loadSettings();
  return {
    auth: { secret: secrets.adminJwt },
    apiToken: { salt: secrets.apiTokenSalt },
    transfer: { token: { salt: secrets.transferTokenSalt } },
    secrets: { encryptionKey: secrets.encryptionKey },
    flags: { nps: false, promoteEE: false },
  };
};
