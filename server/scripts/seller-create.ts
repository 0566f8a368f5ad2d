// `npm run seller:create -- --email owner@shop.example --password '...'`: adds a seller account (or
// sets a new password for an existing one) in the configured database (DATA_DIR or DATABASE_URL).
// Exit codes: 0 done, 1 database error, 2 wrong arguments (see seller-create-command.ts).
import { runSellerCreate } from "../modules/sellers/seller-create-command";

process.exitCode = await runSellerCreate(process.argv.slice(2), process.env, {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
