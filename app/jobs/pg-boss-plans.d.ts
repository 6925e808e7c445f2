// pg-boss ships no types for its SQL builders; pg-boss-database.server.ts uses these two to know
// the statements pg-boss sends without awaiting them.
declare module "pg-boss/src/plans.js" {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
