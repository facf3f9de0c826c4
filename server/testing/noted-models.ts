// Scripted models for a gateway thread, which cannot be posted functions: the thread imports
// this module by path (GatewayThreadConfig.modelsModule). Each scripted agent (provider "mock")
// answers every message once with "<its name> noted", so agents answer each other too, up
// to the chain depth limit. bench:ack-agents and the thread's tests use it.
import { replyOnce, scriptedModels } from "./agents";

export const NOTED_AGENTS = ["Alpha", "Beta", "Gamma"] as const;

export const { resolver } = scriptedModels(Object.fromEntries(NOTED_AGENTS.map((n) => [n, replyOnce(`${n} noted`)])));
