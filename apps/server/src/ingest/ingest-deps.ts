import type { FastifyBaseLogger } from 'fastify';
import type { CommandRegistry } from './commands.ts';
import type { FrameLog } from './frame-log.ts';
import type { IngestStats } from './ingest-stats.ts';
import type { PositionWriter } from './position-writer.ts';
import type { Network } from './source-allow.ts';
import type { UnitDirectory } from './unit-directory.ts';

/** Source networks each device family may report from; a family without a list accepts any source. */
export interface SourceAllowLists {
  teltonika?: readonly Network[];
  osmand?: readonly Network[];
  gt06?: readonly Network[];
  queclink?: readonly Network[];
}

/** What every device listener needs. */
export interface IngestDeps {
  directory: UnitDirectory;
  writer: PositionWriter;
  frames: FrameLog;
  stats: IngestStats;
  commands: CommandRegistry;
  log: FastifyBaseLogger;
  allow: SourceAllowLists;
  /** Called after positions were committed, so processors can run at once instead of waiting to poll. */
  onStored: () => void;
  /**
   * A UDP device's Codec 12 reply that answered no command here (issue 17: with the ingest in
   * several processes sharing the UDP port, the reply may reach another process than the one that
   * sent the command); the bus takes it to the others.
   */
  udpReplyElsewhere?: (unitId: number, text: string) => void;
}
