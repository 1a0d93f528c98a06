import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';

import { WalletLinkedEvent } from '../../wallets/events/wallet-events';
import { NoticeScheduler } from '../notice-scheduler';

/**
 * A wallet just linked makes its loans a member's: their notices are planned now (the planner
 * plans only for members), so a borrower who links after their loan was funded still hears
 * before it is due.
 */
@EventsHandler(WalletLinkedEvent)
export class ScheduleWalletNoticesHandler implements IEventHandler<WalletLinkedEvent> {
  constructor(private readonly scheduler: NoticeScheduler) {}

  handle(event: WalletLinkedEvent): void {
    this.scheduler.considerWallet(event.address);
  }
}
