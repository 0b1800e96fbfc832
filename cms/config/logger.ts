import { BatchedConsole, strapiLineFormat } from '../src/lib/log-output';

// Strapi's default logger (winston, its line format, every level on stdout), the lines written in
// batches once per turn of the event loop and their timestamps made once a second (decision 065).
// The level is server.logger.config's (LOG_LEVEL).
export default () => ({
  format: strapiLineFormat(),
  transports: [new BatchedConsole()],
});
