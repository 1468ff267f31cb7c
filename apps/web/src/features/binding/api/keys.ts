/** Every binding cache: refreshed after a binding is made, cancelled or rebound. */
export const bindingKey = ['binding'] as const
