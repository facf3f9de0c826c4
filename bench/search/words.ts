// The vocabulary of the search benchmark's messages: common chat words in rough order of
// frequency (stop words first, as in real text), and a deterministic set of rare made-up words
// (names, jargon, typos) for the long tail. Sampled in SQL (seed-messages.ts), so the same
// --messages gives the same text every time.

export const COMMON_WORDS: string[] = [
  ...new Set(
    `
the to and a of is in it for you that on we this i be with are have not at can so but just
will do if was what my our me from about get all up out about there when they one now think
know need like some time make going back see good work today would also new should could more
team please thanks update check yes no done review build deploy release issue fix test change
meeting tomorrow week call help looks data customer project plan sure great question branch
merge code server bug report notes draft design page user users feature api error logs ticket
sprint demo launch doc docs version staging production config cluster database query index
migration schema cache latency metrics dashboard alert incident outage rollback hotfix patch
pull request comment approve approved blocked ready shipping shipped friday monday morning
afternoon tonight agenda budget roadmap quarter goal goals priority owner estimate timeline
deadline scope risk follow followup sync standup retro onboarding hiring interview candidate
offer contract invoice pricing sales marketing campaign email newsletter blog post video slide
slides deck figma mockup prototype feedback survey research interview analytics funnel signup
login password token session permission role admin settings profile avatar upload download
export import backup restore storage bucket queue worker job cron schedule timeout retry limit
rate memory cpu disk network latency throughput benchmark profile trace span log warning
warn debug info crash panic exception stack line file folder repo commit tag pipeline runner
artifact container image kubernetes helm terraform cloud region zone vendor partner support
ticket escalation sla uptime status page maintenance window notice announcement policy legal
security audit compliance privacy gdpr vulnerability scan dependency upgrade library package
`
      .split(/\s+/)
      .filter(Boolean),
  ),
];

export const SYLLABLES = ["ka", "lo", "mi", "ru", "ze", "va", "to", "ni", "qu", "po", "sha", "bre", "dax", "fin", "gol", "hyr", "jun", "kel", "mor", "pex"];

/** Made-up words, each three syllables ("kalomi", "dixrupex"…): rare, as names and jargon are. */
export const RARE_WORDS: string[] = (() => {
  const out: string[] = [];
  for (const a of SYLLABLES) for (const b of SYLLABLES) for (const c of SYLLABLES) out.push(a + b + c);
  return out;
})();
