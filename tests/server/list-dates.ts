/** The console list tests' calendar: rows dated by whole days from the first of November 2026, UTC. */
export const DAY = 86_400;
export const NOV_1 = Date.UTC(2026, 10, 1) / 1000;
