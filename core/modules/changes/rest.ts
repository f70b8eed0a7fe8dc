/** A worker's rest between rounds that a wake-up (a commit in this process) ends early. */
export class Rest {
  private endRest?: () => void;
  private poked = false;

  /** Rests `ms` unless woken since the last rest began (then not at all) or during it. */
  async take(ms: number): Promise<void> {
    if (!this.poked)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.endRest = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    this.endRest = undefined;
    this.poked = false;
  }

  /** Ends the rest under way, or the next one before it starts. */
  wake(): void {
    this.poked = true;
    this.endRest?.();
  }
}
