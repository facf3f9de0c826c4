// What a trigger decision's reason may tell someone who is not an admin. Internal errors stay
// with admins, and so does the agent's load: a queue count spans all the agent's spaces, so it
// would tell a member how busy the agent is elsewhere (in someone's DM, say), and a budget's
// figures would tell how much it worked today.
export function reasonForMember(reason: string): string {
  if (reason.startsWith("trigger failed")) return "trigger failed";
  if (reason.startsWith("queue full")) return "queue full: the agent has too many runs waiting";
  if (reason.startsWith("queued behind")) return "queued";
  if (reason.startsWith("budget: the space's")) return "budget: this space's agents have used their token budget for today";
  if (reason.startsWith("budget:")) return "budget: the agent has used its token budget for today";
  return reason;
}
