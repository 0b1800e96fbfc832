import { loadSettings } from '../src/lib/settings';
import { uploadPluginConfig } from '../src/storage/config';

export default () => {
  const { secrets } = loadSettings();
  return {
    'users-permissions': { config: { jwtSecret: secrets.usersPermissionsJwt } },
    // Local disk by default, S3 when S3_BUCKET is set; size limit and refused types (src/storage/config.ts).
    upload: { config: uploadPluginConfig() },
  };
};
