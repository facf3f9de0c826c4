// What a trigger decision's reason may tell someone who is not an admin. Internal errors stay
// with admins, and so does the agent's load: a queue count spans all the agent's spaces, so it
// would tell a member how busy the agent is elsewhere (in someone's DM, say), and a budget's
// figures would tell how much it worked today. Why an agent is not configured (which key or
// endpoint is missing) is the admins' to know too.
export function reasonForMember(reason: string): string {
  if (reason.startsWith("trigger failed")) return "trigger failed";
  // Which key or setting is missing is for admins (the admin list and the run inspector say).
  if (reason.startsWith("not configured")) return "not configured: the model provider isn't configured";
  if (reason.startsWith("queue full")) return "queue full: the agent has too many runs waiting";
  if (reason.startsWith("queued behind")) return "queued";
  if (reason.startsWith("budget: the space's")) return "budget: this space's agents have used their token budget for today";
  if (reason.startsWith("budget:")) return "budget: the agent has used its token budget for today";
  return reason;
}
