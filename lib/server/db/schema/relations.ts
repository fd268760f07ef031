import { relations } from 'drizzle-orm';
import { building } from './buildings';
import { company, customer } from './companies';
import { dataset } from './datasets';
import { mission, missionShare, missionTag, tag } from './missions';
import { panelizerProject } from './panelizer';
import { tour, tourImage } from './tours';

// For the relational query API (db.query.mission.findFirst({ with: { buildings: true } })).
export const companyRelations = relations(company, ({ many }) => ({ customers: many(customer), missions: many(mission) }));

export const customerRelations = relations(customer, ({ one }) => ({
  company: one(company, { fields: [customer.companyId], references: [company.id] }),
  parent: one(customer, { fields: [customer.parentId], references: [customer.id] }),
}));

export const missionRelations = relations(mission, ({ one, many }) => ({
  company: one(company, { fields: [mission.companyId], references: [company.id] }),
  customer: one(customer, { fields: [mission.customerId], references: [customer.id] }),
  buildings: many(building),
  tags: many(missionTag),
  shares: many(missionShare),
  datasets: many(dataset),
  tours: many(tour),
  panelizerProjects: many(panelizerProject),
}));

export const buildingRelations = relations(building, ({ one }) => ({
  mission: one(mission, { fields: [building.missionId], references: [mission.id] }),
}));

export const tagRelations = relations(tag, ({ many }) => ({ missions: many(missionTag) }));

export const missionTagRelations = relations(missionTag, ({ one }) => ({
  mission: one(mission, { fields: [missionTag.missionId], references: [mission.id] }),
  tag: one(tag, { fields: [missionTag.tagId], references: [tag.id] }),
}));

export const missionShareRelations = relations(missionShare, ({ one }) => ({
  mission: one(mission, { fields: [missionShare.missionId], references: [mission.id] }),
  customer: one(customer, { fields: [missionShare.customerId], references: [customer.id] }),
}));

export const datasetRelations = relations(dataset, ({ one }) => ({
  mission: one(mission, { fields: [dataset.missionId], references: [mission.id] }),
}));

export const tourRelations = relations(tour, ({ one, many }) => ({
  mission: one(mission, { fields: [tour.missionId], references: [mission.id] }),
  images: many(tourImage),
}));

export const tourImageRelations = relations(tourImage, ({ one }) => ({
  tour: one(tour, { fields: [tourImage.tourId], references: [tour.id] }),
}));

export const panelizerProjectRelations = relations(panelizerProject, ({ one }) => ({
  mission: one(mission, { fields: [panelizerProject.missionId], references: [mission.id] }),
}));
