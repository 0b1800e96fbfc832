import { loadSettings } from '../src/lib/settings';
import { emailPluginConfig } from '../src/email/transport';
import { uploadPluginConfig } from '../src/storage/config';

export default () => {
  const { secrets } = loadSettings();
  return {
    'users-permissions': { config: { jwtSecret: secrets.usersPermissionsJwt } },
    // Local disk by default, S3 when S3_BUCKET is set; size limit and refused types (src/storage/config.ts).
    upload: { config: uploadPluginConfig() },
    // The nodemailer provider: SMTP with EMAIL_PROVIDER=smtp, messages built for the log or the outbox otherwise (decision 081).
    email: { config: emailPluginConfig() },
  };
};
