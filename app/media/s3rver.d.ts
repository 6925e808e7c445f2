// s3rver ships no types; the test server (s3-test-server.ts) uses this much of it.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
