import { isRole, setMemberRole } from "../../app/domain/moderation/set-member-role.server";
import { runCli, withCliDatabase } from "./cli-database";

// `npm run user:role -- <email> moderator|member`: the only way to make (or unmake) a moderator.
// On PGlite it needs the data dir to itself: stop the server first.

const NAME = "user:role";
const USAGE = "usage: npm run user:role -- <email> moderator|member";

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [email, role, ...rest] = args;
  if (!email || !role || rest.length > 0 || !email.includes("@") || !isRole(role)) {
    process.stderr.write(`${NAME}: ${USAGE}\n`);
    process.exit(2);
  }

  await withCliDatabase(async ({ database, where }) => {
    const result = await setMemberRole({ db: database.db, email, role });
    if (!result) {
      process.stderr.write(`${NAME}: no member with the e-mail address ${email} in ${where}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(
      result.previous === role
        ? `${email} is already a ${role}; nothing changed\n`
        : `${email} is now a ${role} (was ${result.previous})\n`,
    );
  });
}

runCli(NAME, main);
