// `npm start`: build the Next app when there is no build or the sources are newer than
// it, then run the server in production mode. Later starts skip the build and take seconds.
import { ensureBuild } from "./production-build";

ensureBuild("rebuild");

(process.env as Record<string, string>).NODE_ENV = "production";
await import("../server/main");
