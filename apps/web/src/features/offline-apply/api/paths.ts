/** Where the offline-materials door's calls live (spec 001 §7 "Offline and older flow"). */
export const OFFLINE_SDK = '/paas-seal-offline-sdk/v1'
export const OFFLINE_APPLY = `${OFFLINE_SDK}/offlineApply`
