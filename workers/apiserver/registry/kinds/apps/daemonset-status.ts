/** DaemonSetStatus' fields without omitempty: a fresh status reads them as 0. */
export const daemonSetStatusFields = () => ({ currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 });
