import { makePushCertificate } from "../../setup/push-service";

// The end-to-end server trusts this certificate (NODE_EXTRA_CA_CERTS), and the push test's
// stand-in push service serves with it (tests/e2e/engagement/push.spec.ts).
const dir = process.argv[2];
if (!dir) throw new Error("usage: create-push-certificate.ts DIR");
makePushCertificate(dir);
