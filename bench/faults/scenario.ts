// What a scenario is given and reports: checks (pass/fail, with the figures behind them)
// and figures worth printing that are not pass/fail.
import type { Services } from "./stack";

export interface ScenarioContext {
  services: Services;
  quick: boolean;
  check(name: string, pass: boolean, detail: string): void;
  figure(text: string): void;
  /** Progress for the person watching. */
  log(text: string): void;
}

export interface Scenario {
  id: string;
  title: string;
  run(ctx: ScenarioContext): Promise<void>;
}
