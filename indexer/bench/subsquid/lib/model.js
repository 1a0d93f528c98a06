// Where Subsquid's typeorm-config looks for a squid's entities (`<projectDir>/lib/model`).
export { ChainEventSchema, LoanSchema } from '../model.ts';
