import Reactive
