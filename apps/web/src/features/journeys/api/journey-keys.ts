// Cache keys of the journeys feature (activity, replay). Answers about a day are keyed by the day and
// the subject, so the timeline and the replay of the same day share them.
export type JourneySubject = { v: number } | { driver: number };

const subjectKey = (s: JourneySubject) => ('v' in s ? `v${s.v}` : `d${s.driver}`);

export const journeyKeys = {
  all: () => ['journeys'] as const,
  activity: (day: string, subject: JourneySubject) => ['journeys', 'activity', day, subjectKey(subject)] as const,
  data: (day: string, subject: JourneySubject) => ['journeys', 'data', day, subjectKey(subject)] as const,
  dataPoint: (id: string) => ['journeys', 'datapoint', id] as const,
};
