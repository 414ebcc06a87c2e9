import {
  INDUSTRY_NONE_CONSUMER,
  INDUSTRY_OTHER,
  Industries,
  type Organization,
  type TeamCreateForm,
} from '@roomscale/shared';

/**
 * The Details form holds the same fields and rules as team creation (part2 §5 'Team details'):
 * a free-text industry shows as 'Other' with its text in the Industry name field.
 */
export function detailsDefaults(
  team: Pick<Organization, 'name' | 'companyName' | 'industry'>,
): TeamCreateForm {
  const industry = team.industry ?? '';
  const listed = (Industries as readonly string[]).includes(industry);
  return {
    name: team.name,
    companyName: industry === INDUSTRY_NONE_CONSUMER ? '' : (team.companyName ?? ''),
    industry: listed ? industry : industry ? INDUSTRY_OTHER : '',
    industryOther: listed ? '' : industry,
  };
}
