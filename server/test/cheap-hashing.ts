// Set-up of the API suites (vitest.config.ts): passwords hashed at argon2id's smallest cost.
// The store's own cost is tested in server/modules/auth/passwords.unit.test.ts.
import { hashCheaplyForTests } from "../modules/auth/passwords";

hashCheaplyForTests();
